"""`python -m bench`: every benchmark, one after the other."""

import asyncio

from bench import (
    beside_bots,
    board_image,
    commits,
    live,
    load,
    playouts,
    ratings,
    store,
    store_load,
)

playouts.main()
asyncio.run(store.main([]))
store_load.main([])
commits.main([])
asyncio.run(ratings.main())
board_image.main()
load.main([])
live.main([])
beside_bots.main([])
