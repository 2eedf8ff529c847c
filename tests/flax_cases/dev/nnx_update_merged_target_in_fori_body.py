# label: ok
# flax-error: none
# class: 2 the target's state is split outside and carried; the fori_loop body merges it, nnx.update's the merged copy from the closed-over online layer and returns its state
import jax
import jax.numpy as jnp
from flax import nnx

def main():
    online = nnx.Linear(4, 2, rngs=nnx.Rngs(0))
    target = nnx.Linear(4, 2, rngs=nnx.Rngs(1))
    graphdef, target_state = nnx.split(target)

    def body(i, state):
        net = nnx.merge(graphdef, state)
        nnx.update(net, nnx.state(online, nnx.Param))
        return nnx.state(net)

    jax.lax.fori_loop(0, 3, body, target_state)
