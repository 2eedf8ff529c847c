# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an outside nnx.Rngs stream is drawn in one lax.switch branch inside a raw fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


def main():
    rngs = nnx.Rngs(params=0, explore=1)
    policy = nnx.Linear(4, 3, rngs=rngs)

    def greedy(obs):
        return jnp.argmax(policy(obs))

    def random_action(obs):
        return jax.random.randint(rngs.explore(), (), 0, 3)

    def body(i, carry):
        obs, total = carry
        a = lax.switch(i % 2, [greedy, random_action], obs)
        return jnp.roll(obs, 1) + 0.1 * a, total + a

    _, total = lax.fori_loop(0, 6, body, (jnp.ones((4,)), 0))
    total.block_until_ready()
    return None
