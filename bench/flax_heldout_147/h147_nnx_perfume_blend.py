# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 evaluate_blends creates an nnx.MultiMetric in a local and the scan body calls metrics.update(loss=...), which writes the metric's MetricState variables
"""Fragrance house QA: evaluating an accord-intensity model over blending trials."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class AccordNet(nnx.Module):
    def __init__(self, n_oils: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_oils, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, fractions):
        return self.out(nnx.tanh(self.mix(fractions)))[..., 0]


def evaluate_blends(model, trials, panel_scores):
    metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"))

    def body(carry, batch):
        fractions, target = batch
        loss = jnp.mean((model(fractions) - target) ** 2)
        metrics.update(loss=loss)
        return carry, loss

    scan(body, None, (trials, panel_scores))
    return metrics.compute()


def main():
    oils = 5  # bergamot, iso e super, vetiver, ambroxan, hedione
    trials = jax.nn.softmax(jnp.sin(jnp.arange(4 * 6 * oils, dtype=jnp.float32)).reshape(4, 6, oils))
    panel = trials @ jnp.linspace(0.2, 1.0, oils)
    report = evaluate_blends(AccordNet(oils, nnx.Rngs(0)), trials, panel)
    _ = float(report["loss"])
    return None
