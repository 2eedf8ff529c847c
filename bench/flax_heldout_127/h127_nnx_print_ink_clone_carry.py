# label: ok
# flax-error: none
# class: 3 an InkPlanner's model attribute is copied with nnx.clone once before the scan; the copy's state rides in the carry and is merged in the body
"""Print shop ink planner: samples cyan/magenta/yellow/black ink use for a queue of jobs."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp


class InkUsage(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(6, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.cmyk = nnx.Linear(32, 4, rngs=rngs)

    def __call__(self, jobs):
        return nnx.softplus(self.cmyk(self.drop(nnx.relu(self.enc(jobs))))).sum(0)


class InkPlanner:
    def __init__(self, seed=0, draws=6):
        self.model = InkUsage(nnx.Rngs(params=seed, dropout=seed + 11))
        self.draws = draws

    def sample_usage(self, jobs):
        graphdef, state = nnx.split(nnx.clone(self.model))  # keep the planner's model untouched

        def draw(state, _):
            sampler = nnx.merge(graphdef, state)
            usage = sampler(jobs)
            return nnx.state(sampler), usage

        _, usage = jax.lax.scan(draw, state, None, length=self.draws)
        return usage


def main():
    jobs = jax.random.uniform(jax.random.key(0), (9, 6))  # coverage, paper, sheets, ...
    return InkPlanner().sample_usage(jobs)
