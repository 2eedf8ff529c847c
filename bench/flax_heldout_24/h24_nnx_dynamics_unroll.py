# label: ok
# flax-error: none
# class: 4 the dynamics model is an argument of an @nnx.jit simulate function, and the raw lax.scan inside it calls the model that nnx.jit passed in
# modelled on: google/flax PR #4333 "[nnx] improve transforms guide" (Mutable Module cannot be passed by closure) and google/flax issue #3997 "NNX + mutable state + JIT"
"""Roll a learned residual dynamics model forward for multi-step prediction."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class ResidualDynamics(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * self.l2(jnp.tanh(self.l1(x)))


@nnx.jit
def predict(model: ResidualDynamics, x):
    return model(x)


@functools.partial(nnx.jit, static_argnums=2)
def simulate(model, x0, horizon: int):
    def step(x, _):
        x = model(x)
        return x, x

    _, traj = jax.lax.scan(step, x0, None, length=horizon)
    return traj


def main():
    model = ResidualDynamics(3, 32, rngs=nnx.Rngs(0))
    x0 = jnp.array([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]])
    print(predict(model, x0).shape)
    traj = simulate(model, x0, 10)
    print(traj.shape, traj[-1])
    return None
