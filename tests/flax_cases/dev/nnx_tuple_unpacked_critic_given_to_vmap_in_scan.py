# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 3 (12 B)
# class: 4 critic and target unpacked from a tuple argument; the scan body gives the outside critic to `nnx.vmap`
import jax
import jax.numpy as jnp
from flax import nnx

def td_errors(nets, states):
    critic, target = nets
    def body(_, s):
        q = nnx.vmap(lambda m, x: m(x), in_axes=(None, 0))(critic, s)
        return None, q.max(-1) - target(s).max(-1)
    return jax.lax.scan(body, None, states)[1]

def main(states=jnp.ones((4, 2, 5))):
    td_errors((nnx.Linear(5, 3, rngs=nnx.Rngs(0)), nnx.Linear(5, 3, rngs=nnx.Rngs(1))), states)
