# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 trainer -> callback list -> callback.on_step stores model.apply outputs on the callback object inside the fori_loop body
"""Evaluation loop with a callback system (logging, early-stop style hooks)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.classes)(nn.tanh(nn.Dense(16)(x)))


class Callback:
    def on_step(self, step, logits, labels):
        pass

    def on_end(self):
        return {}


class LastLogitsCallback(Callback):
    def __init__(self):
        self.last_logits = None
        self.last_labels = None

    def on_step(self, step, logits, labels):
        self.last_logits = logits
        self.last_labels = labels

    def on_end(self):
        acc = jnp.mean(jnp.argmax(self.last_logits, -1) == self.last_labels)
        return {"last_batch_accuracy": acc}


class Evaluator:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = callbacks

    def evaluate(self, xs, ys):
        def body(i, total_loss):
            logits = self.model.apply(self.variables, xs[i])
            for cb in self.callbacks:
                cb.on_step(i, logits, ys[i])
            loss = -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(ys.shape[1]), ys[i]])
            return total_loss + loss

        total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
        logs = {"loss": total / xs.shape[0]}
        for cb in self.callbacks:
            logs.update(cb.on_end())
        return logs


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 6, 5))
    ys = jax.random.randint(jax.random.PRNGKey(1), (4, 6), 0, 3)
    variables = model.init(jax.random.PRNGKey(2), xs[0])
    Evaluator(model, variables, [LastLogitsCallback()]).evaluate(xs, ys)
    return None
