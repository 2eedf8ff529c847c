# label: ok
# flax-error: none
# class: 4 trainer -> callback list; the fori_loop body carries the last logits out and the callbacks see them after the loop
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
        n = xs.shape[0]

        def body(i, carry):
            total_loss, _ = carry
            logits = self.model.apply(self.variables, xs[i])
            loss = -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(ys.shape[1]), ys[i]])
            return total_loss + loss, logits

        init = (jnp.zeros(()), jnp.zeros((xs.shape[1], 3)))
        total, last_logits = jax.lax.fori_loop(0, n, body, init)
        for cb in self.callbacks:
            cb.on_step(n - 1, last_logits, ys[n - 1])
        logs = {"loss": total / n}
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
