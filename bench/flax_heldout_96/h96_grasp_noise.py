# label: same-values
# flax-error: none
# class: 2 GraspCEM.refine (called through apply(method=...)) runs lax.fori_loop inside the module; body draws from self.make_rng('cem')
"""Robotic-arm grasp planner: cross-entropy-method refinement around a learned scorer.

Each CEM iteration perturbs the current mean grasp with Gaussian noise from the module's
'cem' stream, scores the population and moves the mean to the elite average."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GraspCEM(nn.Module):
    population: int = 32
    elites: int = 4
    sigma: float = 0.05

    def setup(self):
        self.scorer = nn.Sequential([nn.Dense(32), nn.relu, nn.Dense(1)])

    def __call__(self, grasps):
        return self.scorer(grasps).squeeze(-1)

    def refine(self, mean, iterations: int):
        noise_log = jnp.zeros((iterations, self.population, mean.shape[-1]))

        def body(i, carry):
            mean, noise_log = carry
            noise = self.sigma * jax.random.normal(self.make_rng("cem"), (self.population, mean.shape[-1]))
            population = mean + noise
            scores = self(population)
            elite = population[jnp.argsort(-scores)[: self.elites]]
            return elite.mean(axis=0), noise_log.at[i].set(noise)

        mean, noise_log = lax.fori_loop(0, iterations, body, (mean, noise_log))
        return noise_log


def main():
    planner = GraspCEM()
    start = jnp.array([0.4, 0.0, 0.2, 1.0, 0.0, 0.0, 0.0])
    variables = planner.init(jax.random.key(0), start[None])
    return planner.apply(variables, start, 5, rngs={"cem": jax.random.key(7)}, method=GraspCEM.refine)
