# label: ok
# flax-error: none
# class: 1 TensionEstimator.settle runs the while_loop itself and calls its own BatchNorm with use_running_average=True in the body
"""Weaving loom warp tension: the estimator iterates a fixed-point refinement of the tension
profile across the warp until it settles, so the loom can adjust the back-rest roller."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class TensionEstimator(nnx.Module):
    def __init__(self, threads: int, rngs: nnx.Rngs, tolerance: float = 1e-2, max_rounds: int = 25):
        self.mix = nnx.Linear(2 * threads, threads, rngs=rngs)
        self.norm = nnx.BatchNorm(threads, rngs=rngs)
        self.tolerance = tolerance
        self.max_rounds = max_rounds

    def refine(self, strain, tension):
        h = self.mix(jnp.concatenate([strain, tension], axis=-1))
        return 0.5 * tension + 0.5 * jnp.tanh(self.norm(h, use_running_average=True))

    def settle(self, strain):
        def unsettled(state):
            _, change, rounds = state
            return (change > self.tolerance) & (rounds < self.max_rounds)

        def round_(state):
            tension, _, rounds = state
            new = self.refine(strain, tension)
            return new, jnp.abs(new - tension).max(), rounds + 1

        start = (jnp.zeros_like(strain), jnp.asarray(jnp.inf), jnp.asarray(0))
        tension, _, rounds = jax.lax.while_loop(unsettled, round_, start)
        return tension, rounds


class RollerAdjuster:
    def __init__(self, estimator: TensionEstimator, gain: float = 0.3):
        self.estimator = estimator
        self.gain = gain

    def adjust(self, strain):
        tension, rounds = self.estimator.settle(strain)
        return self.gain * tension.mean(), rounds


def main():
    estimator = TensionEstimator(threads=8, rngs=nnx.Rngs(0))
    strain = jax.random.uniform(jax.random.key(4), (3, 8))
    RollerAdjuster(estimator).adjust(strain)
    return None
