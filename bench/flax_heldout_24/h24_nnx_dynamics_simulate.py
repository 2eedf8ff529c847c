# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the raw lax.scan body calls an @nnx.jit predict function, passing it the dynamics model captured from outside the loop
# modelled on: google/flax PR #4333 "[nnx] improve transforms guide" (Mutable Module cannot be passed by closure) and google/flax issue #3997 "NNX + mutable state + JIT"
"""Roll a learned residual dynamics model forward for multi-step prediction."""
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


def simulate(model, x0, horizon: int):
    def step(x, _):
        x = predict(model, x)
        return x, x

    _, traj = jax.lax.scan(step, x0, None, length=horizon)
    return traj


def main():
    model = ResidualDynamics(3, 32, rngs=nnx.Rngs(0))
    x0 = jnp.array([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]])
    print(predict(model, x0).shape)
    traj = simulate(model, x0, horizon=10)
    print(traj.shape, traj[-1])
    return None
