# label: ok
# flax-error: none
# class: 5 a decorator-registered step factory closes over the Pipeline; batch_stats go through the fori_loop carry and are stored on pipeline.state after the loop
"""Brewery fermentation monitoring: recalibrate gravity-sensor normalisation.

Maintenance steps are registered by name with a decorator; the pipeline builds the
"recalibrate" step from the registry and runs it over the last few tank readings.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

STEP_REGISTRY = {}


def register_step(name):
    def decorator(factory):
        STEP_REGISTRY[name] = factory
        return factory

    return decorator


class GravityNet(nn.Module):
    @nn.compact
    def __call__(self, reading, train=False):
        h = nn.BatchNorm(use_running_average=not train, momentum=0.7)(reading)
        return nn.Dense(1)(h)[..., 0]


class Pipeline:
    def __init__(self, model, variables):
        self.model = model
        self.state = dict(variables)

    def build(self, name):
        return STEP_REGISTRY[name](self)


@register_step("recalibrate")
def make_recalibrate(pipeline):
    params = pipeline.state["params"]

    def step(i, readings, carry):
        residual, stats = carry
        pred, updates = pipeline.model.apply(
            {"params": params, "batch_stats": stats}, readings[i], train=True, mutable=["batch_stats"]
        )
        return residual + jnp.abs(pred - 1.05).mean(), updates["batch_stats"]

    return step


def main():
    readings = 1.0 + 0.02 * jax.random.normal(jax.random.key(8), (6, 4, 3))  # 6 polls, 4 tanks, 3 sensors
    model = GravityNet()
    pipeline = Pipeline(model, model.init(jax.random.key(0), readings[0]))
    step = pipeline.build("recalibrate")
    init = (jnp.zeros(()), pipeline.state["batch_stats"])
    residual, stats = jax.lax.fori_loop(0, readings.shape[0], lambda i, c: step(i, readings, c), init)
    pipeline.state["batch_stats"] = stats
    check = model.apply(pipeline.state, readings[0])
    print(float(residual), float(check.mean()))
    return None
