# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 SolarPlant.predictor, a property, returns a JitPredictor that passes the plant's model to an nnx.jit function from inside the scan body
"""Solar farm soiling loss: estimate daily output loss from dust and rain records.

The plant exposes a `predictor` property returning a compiled view of its soiling model;
a cleaning planner integrates predicted losses over a season.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SoilingModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dust = nnx.Linear(3, 8, rngs=rngs)
        self.loss = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.sigmoid(self.loss(nnx.relu(self.dust(weather))))[0]


@nnx.jit
def _predict(model: SoilingModel, weather):
    return model(weather)


class JitPredictor:
    def __init__(self, model: SoilingModel):
        self.model = model

    def __call__(self, weather):
        return _predict(self.model, weather)


class SolarPlant:
    def __init__(self, capacity_mw: float, seed: int = 0):
        self.capacity_mw = capacity_mw
        self._model = SoilingModel(nnx.Rngs(seed))

    @property
    def predictor(self) -> JitPredictor:
        return JitPredictor(self._model)


def plan_cleaning(plant: SolarPlant, weather):
    def day(soiled, today):
        rain = today[2]
        soiled = jnp.where(rain > 1.0, 0.0, soiled + plant.predictor(today))
        return soiled, plant.capacity_mw * soiled

    return lax.scan(day, jnp.zeros(()), weather)


def main():
    weather = jax.random.uniform(jax.random.key(0), (30, 3), maxval=2.0)
    soiled, lost_mw = plan_cleaning(SolarPlant(capacity_mw=50.0), weather)
    print("season loss", float(lost_mw.sum()), "final soiling", float(soiled))
    return None
