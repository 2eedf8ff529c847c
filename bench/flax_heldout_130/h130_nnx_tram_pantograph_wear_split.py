# label: ok
# flax-error: none
# class: 2 simulate_wear splits the local key = rngs.wear() into one key per run before the while_loop and the body indexes keys[run]
"""Tram pantograph wear: Monte-Carlo runs of contact-strip wear along a route, stopping once
the strip reaches its replacement limit or the run budget is spent."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp


class WearModel(nnx.Module):
    def __init__(self, segments, rngs):
        self.contact = nnx.Linear(segments, segments, rngs=rngs)

    def __call__(self, force):
        return 0.01 * nnx.softplus(self.contact(force))


def simulate_wear(model, rngs, base_force, runs=5, limit=10.0):
    keys = jax.random.split(rngs.wear(), runs)
    segments = base_force.shape[0]

    def not_worn(state):
        run, strip, _ = state
        return (run < runs) & (strip.sum() < limit)

    def one_run(state):
        run, strip, per_run = state
        force = base_force + 0.2 * jax.random.uniform(keys[run], (segments,))
        wear = model(force)
        return run + 1, strip + wear, per_run.at[run].set(wear)

    init = (0, jnp.zeros(segments), jnp.zeros((runs, segments)))
    return jax.lax.while_loop(not_worn, one_run, init)


class DepotPlanner:
    def __init__(self, model, rngs):
        self.model, self.rngs = model, rngs

    def forecast(self, base_force):
        runs, strip, per_run = simulate_wear(self.model, self.rngs, base_force)
        return per_run, strip


def main():
    segments = 4
    planner = DepotPlanner(WearModel(segments, rngs=nnx.Rngs(0)), nnx.Rngs(wear=3))
    per_run, strip = planner.forecast(jnp.array([1.0, 1.4, 0.7, 1.1]))
    print(strip)
    return per_run
