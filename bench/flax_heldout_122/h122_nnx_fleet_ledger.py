# label: trace-context
# flax-error: TraceContextError: Cannot mutate LandingsLedger from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 QuotaTracker.run_season runs the fori_loop itself and adds to its own LandingsLedger variable in the body
"""Fishing fleet quota planning: draw the species quotas down week by week with a learned catch
model and keep a ledger of landings on the tracker."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class LandingsLedger(nnx.Variable):
    """Tonnes landed per species this season."""


class QuotaTracker(nnx.Module):
    def __init__(self, features, species, quota, rngs):
        self.catch_model = nnx.Linear(features, species, rngs=rngs)
        self.quota = quota
        self.landed = LandingsLedger(jnp.zeros((species,)))

    def weekly_catch(self, effort):
        return nnx.softplus(self.catch_model(effort)).sum(axis=0)

    def run_season(self, effort):
        def week(i, remaining):
            caught = jnp.minimum(self.weekly_catch(effort[i]), remaining)
            self.landed[...] = self.landed[...] + caught
            return remaining - caught

        return lax.fori_loop(0, effort.shape[0], week, self.quota)


def main():
    effort = jax.random.uniform(jax.random.key(0), (20, 7, 5))  # weeks x vessels x features
    tracker = QuotaTracker(5, 4, jnp.array([80.0, 60.0, 40.0, 25.0]), nnx.Rngs(0))
    remaining = tracker.run_season(effort)
    jax.block_until_ready(remaining)
    return None
