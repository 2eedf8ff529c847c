# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decorator-registered step factory closes over the Pipeline; the fori_loop body writes the updated batch_stats back into pipeline.state
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
    def step(i, readings, residual):
        pred, updates = pipeline.model.apply(pipeline.state, readings[i], train=True, mutable=["batch_stats"])
        pipeline.state["batch_stats"] = updates["batch_stats"]
        return residual + jnp.abs(pred - 1.05).mean()

    return step


def main():
    readings = 1.0 + 0.02 * jax.random.normal(jax.random.key(8), (6, 4, 3))  # 6 polls, 4 tanks, 3 sensors
    model = GravityNet()
    pipeline = Pipeline(model, model.init(jax.random.key(0), readings[0]))
    step = pipeline.build("recalibrate")
    residual = jax.lax.fori_loop(0, readings.shape[0], lambda i, r: step(i, readings, r), jnp.zeros(()))
    check = model.apply(pipeline.state, readings[0])
    print(float(residual), float(check.mean()))
    return None
