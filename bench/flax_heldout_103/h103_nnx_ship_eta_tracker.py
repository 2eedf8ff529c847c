# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_voyage_step(graphdef, tracker) factory returns a jax.checkpoint-wrapped step that merges the carried state and hands the merged model to a tracker object; the tracker's model is used after the while_loop
"""Maritime logistics: refine a container ship's ETA while replaying AIS position reports.
The NNX ETA model is updated online by a few SGD steps per report; the voyage loop runs until
the model's predicted remaining time stabilises. A tracker keeps the most recent model for the
operations dashboard. The step function is built by a factory and rematerialized."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class EtaModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.hours = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, report):
        return nnx.softplus(self.hours(nnx.tanh(self.hidden(report))))[0]


class LatestModelTracker:
    def __init__(self):
        self.model = None

    def record(self, model):
        self.model = model


def sgd_update(model, report, target_hours, lr=1e-2):
    grads = nnx.grad(lambda m: (m(report) - target_hours) ** 2)(model)
    params = nnx.state(model, nnx.Param)
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return model(report)


def make_voyage_step(graphdef, reports, targets, tracker):
    @jax.checkpoint
    def step(carry):
        i, prev_eta, _, state = carry
        model = nnx.merge(graphdef, state)
        eta = sgd_update(model, reports[i], targets[i])
        tracker.record(model)
        return i + 1, eta, jnp.abs(eta - prev_eta), nnx.state(model)

    return step


def main():
    model = EtaModel(n_features=4, rngs=nnx.Rngs(0))
    reports = jax.random.uniform(jax.random.key(1), (30, 4))
    targets = jnp.linspace(72.0, 10.0, 30)
    tracker = LatestModelTracker()
    graphdef, state = nnx.split(model)
    step = make_voyage_step(graphdef, reports, targets, tracker)

    def unsettled(carry):
        i, _, change, _ = carry
        return (i < 30) & (change > 1e-3)

    init = (0, jnp.asarray(0.0), jnp.asarray(1.0), state)
    _, _, _, state = lax.while_loop(unsettled, step, init)
    nnx.update(model, state)
    float(tracker.model(reports[-1]))
    return None
