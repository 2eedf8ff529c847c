# label: ok
# flax-error: none
# class: 1 QuotaTracker.run_season runs the fori_loop itself; the landings leave the loop in the carry and are added to its own LandingsLedger variable after it
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
        def week(i, carry):
            remaining, landed = carry
            caught = jnp.minimum(self.weekly_catch(effort[i]), remaining)
            return remaining - caught, landed + caught

        remaining, landed = lax.fori_loop(
            0, effort.shape[0], week, (self.quota, jnp.zeros_like(self.quota))
        )
        self.landed[...] = self.landed[...] + landed
        return remaining


def main():
    effort = jax.random.uniform(jax.random.key(0), (20, 7, 5))  # weeks x vessels x features
    tracker = QuotaTracker(5, 4, jnp.array([80.0, 60.0, 40.0, 25.0]), nnx.Rngs(0))
    remaining = tracker.run_season(effort)
    jax.block_until_ready(remaining)
    return None
