"""`python -m bench`: every benchmark, one after the other."""
import asyncio

from bench import playouts, store

playouts.main()
asyncio.run(store.main())
