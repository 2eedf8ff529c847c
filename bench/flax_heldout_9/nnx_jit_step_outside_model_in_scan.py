# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an @nnx.jit helper receives the outside model from inside a raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Critic(nnx.Module):
    def __init__(self, rngs):
        self.v = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, s):
        return self.v(s)[0]


@nnx.jit
def value_of(critic, state):
    return critic(state)


def gae_returns(critic, states, rewards, gamma=0.9):
    def body(ret, inp):
        s, r = inp
        ret = r + gamma * (ret + value_of(critic, s))
        return ret, ret

    _, rets = jax.lax.scan(body, 0.0, (states, rewards), reverse=True)
    return rets


def main():
    critic = Critic(nnx.Rngs(0))
    states = jnp.ones((5, 3))
    rets = gae_returns(critic, states, jnp.ones((5,)))
    rets.block_until_ready()
    return None
