"""`python -m bench`: every benchmark, one after the other."""
import asyncio

from bench import board_image, playouts, store

playouts.main()
asyncio.run(store.main())
board_image.main()
