# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a TriageEvaluator runs the scan and calls each callback in self.callbacks; MetricsCallback.on_batch updates its nnx.metrics.Average inside the body
"""Emergency-department triage: an evaluator scores acuity models on shifts of patient records."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class AcuityModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(10, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, vitals):
        return self.out(nnx.relu(self.hidden(vitals)))[..., 0]


class Callback:
    def on_batch(self, loss):
        pass

    def summary(self):
        return {}


class MetricsCallback(Callback):
    def __init__(self):
        self.loss = nnx.metrics.Average()

    def on_batch(self, loss):
        self.loss.update(values=loss)

    def summary(self):
        return {"loss": self.loss.compute()}


class TriageEvaluator:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def evaluate(self, shifts):
        def body(_, shift):
            vitals, acuity = shift
            loss = jnp.mean((self.model(vitals) - acuity) ** 2)
            for cb in self.callbacks:
                cb.on_batch(loss)
            return None, loss

        jax.lax.scan(body, None, shifts)
        return [cb.summary() for cb in self.callbacks]


def main():
    evaluator = TriageEvaluator(AcuityModel(nnx.Rngs(0)), [Callback(), MetricsCallback()])
    vitals = jax.random.normal(jax.random.key(1), (4, 16, 10))
    acuity = jax.random.uniform(jax.random.key(2), (4, 16))
    jax.block_until_ready(evaluator.evaluate((vitals, acuity)))
    return None
