# label: ok
# flax-error: none
# class: 5 graphdef/state split outside; the state rides in the scan carry, is merged in the body and passed to the nnx.jit step
"""Rollout evaluation: the model state is carried through lax.scan and merged before the @nnx.jit predict."""
import jax
import jax.numpy as jnp
from flax import nnx


class Dynamics(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, s):
        return s + 0.1 * jnp.tanh(self.net(s))


@nnx.jit
def predict(model, s):
    return model(s)


def main():
    model = Dynamics(nnx.Rngs(0))
    graphdef, state = nnx.split(model)

    def step(carry, _):
        s, state = carry
        m = nnx.merge(graphdef, state)
        s = predict(m, s)
        return (s, nnx.state(m)), s

    _, traj = jax.lax.scan(step, (jnp.ones(4), state), None, length=10)
    traj.block_until_ready()
    return None
