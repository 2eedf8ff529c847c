# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the classmethod factory CalibrationLoop.from_model returns a step closure that captures an nnx.jit solve closure over the outer model
"""Radio telescope calibration: iteratively refines per-antenna gains from visibilities."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class GainSolver(nnx.Module):
    def __init__(self, n_antennas: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(2 * n_antennas, 32, rngs=rngs)
        self.decode = nnx.Linear(32, n_antennas, rngs=rngs)

    def __call__(self, gains, residual):
        h = nnx.relu(self.encode(jnp.concatenate([gains, residual])))
        return 0.1 * jnp.tanh(self.decode(h))


class CalibrationLoop:
    def __init__(self, step_fn, n_iters: int):
        self.step_fn = step_fn
        self.n_iters = n_iters

    @classmethod
    def from_model(cls, model: GainSolver, n_iters: int = 8):
        @nnx.jit
        def solve(model, gains, residual):
            return model(gains, residual)

        def correction(gains, vis):
            return solve(model, gains, vis - gains)

        def step(gains, vis):
            gains = gains + correction(gains, vis)
            return gains, jnp.abs(vis - gains).mean()

        return cls(step, n_iters)

    def run(self, gains0, visibilities):
        return lax.scan(self.step_fn, gains0, visibilities[: self.n_iters])


def main():
    n = 7
    model = GainSolver(n, nnx.Rngs(0))
    loop = CalibrationLoop.from_model(model)
    vis = 1.0 + 0.05 * jax.random.normal(jax.random.key(2), (8, n))
    gains, residuals = loop.run(jnp.ones((n,)), vis)
    residuals.block_until_ready()
    return None


if __name__ == "__main__":
    main()
