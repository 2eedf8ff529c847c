# label: ok
# flax-error: none
# class: 2 policy state split outside and closed over; the scan body merges it and only calls it (read-only)
import jax
import jax.numpy as jnp
from flax import nnx

def main():
    policy = nnx.Linear(3, 3, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(policy)

    def step(obs, _):
        pol = nnx.merge(graphdef, state)
        nxt = pol(obs)
        return nxt, nxt

    jax.lax.scan(step, jnp.zeros(3), None, length=6)
