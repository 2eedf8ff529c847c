# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ADAPTERS["relay"] is registered by decorator; RelayAdapter.diagnose's while_loop body stores the model it nnx.merges into ctx.active_model, and post_process calls ctx.active_model after the loop
"""Railway signalling fault diagnosis service.

Adapters for each interlocking equipment type are registered by decorator. A
diagnosis request gets a context object; the relay adapter steps the fault model
over the relay current trace until it is confident, and the post-processor uses
the model the request last ran to explain the verdict.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

ADAPTERS = {}


def register_adapter(kind):
    def decorate(cls):
        ADAPTERS[kind] = cls
        return cls
    return decorate


class RelayFaultModel(nnx.Module):
    def __init__(self, n_samples, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_samples, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.fault = nnx.Linear(16, 3, rngs=rngs)  # healthy, sticking, contact wear

    def __call__(self, trace):
        return nnx.softmax(self.fault(nnx.relu(self.norm(self.encode(trace)))))


@dataclasses.dataclass
class RequestContext:
    request_id: str
    signal_box: str
    active_model: object = None
    verdict: object = None


@register_adapter("relay")
class RelayAdapter:
    def __init__(self, model: RelayFaultModel, confidence=0.95, max_windows=6):
        self.graphdef, self.state = nnx.split(model)
        self.confidence = confidence
        self.max_windows = max_windows

    def diagnose(self, ctx: RequestContext, windows):
        def unsure(carry):
            i, probs, _ = carry
            return (i < self.max_windows) & (jnp.max(probs) < self.confidence)

        def step(carry):
            i, _, state = carry
            model = nnx.merge(self.graphdef, state)
            probs = model(windows[i]).mean(0)
            ctx.active_model = model
            return i + 1, probs, nnx.state(model)

        start = (0, jnp.zeros(3), self.state)
        _, ctx.verdict, self.state = jax.lax.while_loop(unsure, step, start)
        return ctx


def post_process(ctx: RequestContext, window):
    explanation = ctx.active_model(window)
    return {"request": ctx.request_id, "verdict": ctx.verdict, "explanation": explanation}


def main():
    windows = jax.random.normal(jax.random.key(0), (6, 4, 24))
    adapter = ADAPTERS["relay"](RelayFaultModel(24, nnx.Rngs(0)))
    ctx = adapter.diagnose(RequestContext("diag-881", signal_box="Crewe North"), windows)
    post_process(ctx, windows[0])
    return None
