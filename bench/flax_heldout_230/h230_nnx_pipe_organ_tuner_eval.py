# label: ok
# flax-error: none
# class: 2 local model in tune_rank, switched with model.eval() (BatchNorm uses running averages) before it is called in the while_loop body
"""Pipe organ tuning: iterate pitch corrections for one rank of pipes until within tolerance."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class PitchCorrector(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, pipes):
        return self.head(nnx.tanh(self.norm(self.proj(pipes))))[..., 0]


def load_corrector(seed: int = 0) -> PitchCorrector:
    return PitchCorrector(nnx.Rngs(seed))  # a freshly restored module is in training mode


def tune_rank(pipes, target_cents: float, tol: float = 0.5, max_rounds: int = 12):
    model = load_corrector()
    model.eval()

    def cond(state):
        rounds, error, _ = state
        return (rounds < max_rounds) & (error > tol)

    def body(state):
        rounds, _, offsets = state
        correction = model(pipes + offsets[:, None])
        offsets = offsets - 0.5 * correction
        return rounds + 1, jnp.abs(offsets.mean() - target_cents), offsets

    return lax.while_loop(cond, body, (0, jnp.asarray(jnp.inf), jnp.zeros(pipes.shape[0])))


def main():
    # pipes x (length, diameter, wind pressure, temperature)
    pipes = jax.random.normal(jax.random.key(3), (8, 4))
    tune_rank(pipes, target_cents=0.0)
