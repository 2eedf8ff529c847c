# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 inspection runner -> callback list -> DriftProbe holding model.bind(variables) called in train mode in the scan body
"""Weekly apiary inspection runner with pluggable callbacks (logging, drift probe)."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ColonyHealthNet(nn.Module):
    @nn.compact
    def __call__(self, frames, train: bool):
        h = nn.Dense(8)(frames)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class Callback:
    def on_step(self, step, batch, logs):
        return logs


class WeightLogger(Callback):
    def on_step(self, step, batch, logs):
        return {**logs, "mean_frame_weight": batch.mean()}


class DriftProbe(Callback):
    """Scores each inspection with the health model, using batch statistics of the hives seen."""

    def __init__(self, bound_model, train=True):
        self.bound_model = bound_model
        self.train = train

    def on_step(self, step, batch, logs):
        score = self.bound_model(batch, train=self.train)
        return {**logs, "health": score.mean()}


class InspectionRunner:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def run(self, inspections):
        def body(count, inputs):
            step, batch = inputs
            logs = {}
            for callback in self.callbacks:
                logs = callback.on_step(step, batch, logs)
            return count + 1, logs

        steps = jnp.arange(inspections.shape[0])
        return lax.scan(body, 0, (steps, inspections))


def main():
    # weeks x hives x (brood frames, honey frames, varroa count, temperament)
    inspections = jax.random.normal(jax.random.key(5), (4, 6, 4))
    model = ColonyHealthNet()
    variables = model.init(jax.random.key(0), inspections[0], train=False)
    runner = InspectionRunner([WeightLogger(), DriftProbe(model.bind(variables))])
    count, logs = runner.run(inspections)
    print(int(count), logs["health"].shape)
