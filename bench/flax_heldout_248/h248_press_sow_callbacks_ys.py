# label: ok
# flax-error: none
# class: 5 the sown intermediates returned by apply inside the scan body leave as the scan's ys and are handed to the experiment's callbacks after the loop
"""Ink-density experiment on printing press plates, with callbacks and a metric logger."""
import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.linen as linen


class InkDensityModel(linen.Module):
    spread_width: int = 4

    @linen.compact
    def __call__(self, plate):
        spread = linen.Dense(self.spread_width, name="spread")(plate)
        self.sow("intermediates", "ink_spread", spread)
        return linen.Dense(1, name="density")(linen.gelu(spread)).squeeze(-1)


class Callback:
    name = "callback"

    def on_step(self, step, probes):
        pass

    def summary(self):
        return None


class MetricLogger(Callback):
    name = "spread_mean"

    def __init__(self):
        self.history = []

    def on_step(self, step, probes):
        self.history.append(probes["ink_spread"][0])

    def summary(self):
        return jnp.stack(self.history).mean(axis=0)


class SaturationAlarm(Callback):
    name = "saturated"

    def __init__(self, limit: float):
        self.limit = limit
        self.peaks = []

    def on_step(self, step, probes):
        self.peaks.append(jnp.max(probes["ink_spread"][0]))

    def summary(self):
        return jnp.max(jnp.stack(self.peaks)) > self.limit


class PressExperiment:
    def __init__(self, model: linen.Module, callbacks, seed: int = 0):
        self.model = model
        self.callbacks = list(callbacks)
        self.seed = seed
        self.variables = None

    def setup(self, plate):
        self.variables = self.model.init(jax.random.key(self.seed), plate)

    def _probe(self, plate):
        density, state = self.model.apply(self.variables, plate, mutable=["intermediates"])
        return density, state["intermediates"]

    def run(self, plates):
        def body(step, plate):
            density, probes = self._probe(plate)
            return step + 1, (density, probes)

        steps, (densities, probes) = scan(body, 0, plates)
        for step in range(plates.shape[0]):
            at_step = jax.tree.map(lambda leaf: leaf[step], probes)
            for callback in self.callbacks:
                callback.on_step(step, at_step)
        return densities

    def report(self):
        return {callback.name: callback.summary() for callback in self.callbacks}


def plate_batch(runs=4, plates=3, zones=5):
    grid = jnp.linspace(0.0, 1.0, runs * plates * zones, dtype=jnp.float32)
    return grid.reshape(runs, plates, zones)


def main():
    plates = plate_batch()
    experiment = PressExperiment(InkDensityModel(), [MetricLogger(), SaturationAlarm(limit=2.0)])
    experiment.setup(plates[0])
    densities = experiment.run(plates)
    report = experiment.report()
    jax.block_until_ready((densities, report))
    return None
