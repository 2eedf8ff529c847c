# label: ok
# flax-error: none
# class: 1 GustSimulator.simulate runs the scan itself; it draws one key from self.rngs.gust() before the loop and the body folds in the second index
"""Kite-surf spot forecasting: a gust simulator turns the mean wind into second-by-second
gust samples so the school can pick kite sizes for its students."""
import jax
import jax.numpy as jnp
from flax import nnx


class GustSimulator(nnx.Module):
    def __init__(self, features, rngs):
        self.rngs = rngs
        self.shape_net = nnx.Linear(features, features, rngs=rngs)

    def simulate(self, mean_wind, seconds):
        key = self.rngs.gust()

        def second(wind, t):
            shock = jax.random.normal(jax.random.fold_in(key, t), wind.shape)
            gust = mean_wind + 0.5 * jnp.tanh(self.shape_net(shock))
            return 0.7 * wind + 0.3 * gust, gust

        _, gusts = jax.lax.scan(second, mean_wind, jnp.arange(seconds))
        return gusts


class KiteSchool:
    SIZES = jnp.array([7.0, 9.0, 12.0, 14.0])

    def __init__(self, simulator):
        self.simulator = simulator

    def plan(self, mean_wind):
        gusts = self.simulator.simulate(mean_wind, seconds=6)
        size_index = jnp.clip(jnp.digitize(gusts.max(0), jnp.array([12.0, 16.0, 22.0])), 0, 3)
        return gusts, self.SIZES[3 - size_index]


def main():
    simulator = GustSimulator(features=3, rngs=nnx.Rngs(0, gust=1))
    school = KiteSchool(simulator)
    gusts, sizes = school.plan(jnp.array([14.0, 18.0, 21.0]))
    print(sizes)
    return gusts
