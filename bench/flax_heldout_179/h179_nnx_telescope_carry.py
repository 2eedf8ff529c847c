# label: ok
# flax-error: none
# class: 5 the classmethod factory CalibrationLoop.from_model returns a step closure whose nnx.jit solve closure gets a model merged from the nnx.split state carried through the scan
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
    def __init__(self, step_fn, init_state, n_iters: int):
        self.step_fn = step_fn
        self.init_state = init_state
        self.n_iters = n_iters

    @classmethod
    def from_model(cls, model: GainSolver, n_iters: int = 8):
        graphdef, state = nnx.split(model)

        @nnx.jit
        def solve(model, gains, residual):
            return model(gains, residual)

        def correction(state, gains, vis):
            return solve(nnx.merge(graphdef, state), gains, vis - gains)

        def step(carry, vis):
            state, gains = carry
            gains = gains + correction(state, gains, vis)
            return (state, gains), jnp.abs(vis - gains).mean()

        return cls(step, state, n_iters)

    def run(self, gains0, visibilities):
        (_, gains), residuals = lax.scan(
            self.step_fn, (self.init_state, gains0), visibilities[: self.n_iters]
        )
        return gains, residuals


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
