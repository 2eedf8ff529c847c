# label: ok
# flax-error: none
# class: 4 DeckEvaluator splits the MetricsCallback's nnx.MultiMetric, carries its state through the lax.fori_loop, merges it in the body for cb.on_batch(...) and nnx.update's the callback's metrics after the loop
"""Bridge inspection: evaluate a deck-panel crack classifier over a drone survey."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class CrackClassifier(nnx.Module):
    def __init__(self, features, classes, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 24, rngs=rngs)
        self.norm = nnx.BatchNorm(24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(24, classes, rngs=rngs)

    def __call__(self, panels):
        return self.head(self.drop(nnx.relu(self.norm(self.embed(panels)))))


class EvalCallback:
    def on_batch(self, metrics, **outputs):
        pass


class MetricsCallback(EvalCallback):
    def __init__(self):
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())

    def on_batch(self, metrics, **outputs):
        metrics.update(**outputs)


class DeckEvaluator:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def survey(self, panels, labels):
        self.model.eval()
        metrics_graph, metrics_state = nnx.split(self.callbacks[0].metrics)

        def body(i, carry):
            n_severe, metrics_state = carry
            metrics = nnx.merge(metrics_graph, metrics_state)
            logits = self.model(panels[i])
            loss = jnp.mean(-jax.nn.log_softmax(logits)[jnp.arange(labels.shape[1]), labels[i]])
            for cb in self.callbacks:
                cb.on_batch(metrics, loss=loss, logits=logits, labels=labels[i])
            return n_severe + jnp.sum(logits.argmax(-1) == 2), nnx.state(metrics)

        n_severe, metrics_state = lax.fori_loop(0, panels.shape[0], body,
                                                (jnp.zeros((), jnp.int32), metrics_state))
        nnx.update(self.callbacks[0].metrics, metrics_state)
        return n_severe


def main():
    panels = jax.random.normal(jax.random.key(0), (4, 8, 6))
    labels = jax.random.randint(jax.random.key(1), (4, 8), 0, 3)
    metrics_cb = MetricsCallback()
    evaluator = DeckEvaluator(CrackClassifier(6, 3, nnx.Rngs(0)), [metrics_cb, EvalCallback()])
    severe = evaluator.survey(panels, labels)
    jax.block_until_ready((severe, metrics_cb.metrics.compute()))
    return None
