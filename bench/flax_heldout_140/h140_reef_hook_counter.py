# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 SurveyRunner calls CallbackList -> TelemetryHook.on_quadrat, which calls a model.bind(..., mutable=["telemetry"]) kept on the hook
"""Coral reef monitoring: photo-quadrat cover scoring with a telemetry hook counting model visits."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class QuadratCoverNet(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, quadrat):
        visits = self.variable("telemetry", "visits", lambda: jnp.zeros((), jnp.int32))
        cover = nn.softmax(nn.Dense(self.classes)(quadrat))
        if self.is_mutable_collection("telemetry"):
            visits.value = visits.value + 1
        return cover


class TelemetryHook:
    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["telemetry"])

    def on_quadrat(self, quadrat):
        return self.bound(quadrat)

    def flush(self):
        return jnp.asarray(self.bound.variables["telemetry"]["visits"]) + 0


class CallbackList:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def on_quadrat(self, quadrat):
        return [hook.on_quadrat(quadrat) for hook in self.hooks]

    def flush(self):
        return [hook.flush() for hook in self.hooks]


class SurveyRunner:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def run(self, quadrats):
        def body(i, cover_sum):
            covers = self.callbacks.on_quadrat(quadrats[i])
            return cover_sum + covers[0]

        cover_sum = lax.fori_loop(0, quadrats.shape[0], body, jnp.zeros(3))
        visits = self.callbacks.flush()
        return cover_sum / quadrats.shape[0], visits


def main():
    model = QuadratCoverNet()
    quadrats = jax.random.uniform(jax.random.key(8), (10, 7))
    variables = model.init(jax.random.key(0), quadrats[0])
    runner = SurveyRunner(CallbackList([TelemetryHook(model, variables)]))
    runner.run(quadrats)
    return None
