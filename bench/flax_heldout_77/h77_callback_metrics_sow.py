# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 an nn.remat block sows activation norms into "intermediates" from inside a raw jax.lax.scan body; callbacks read the returned collection
"""Evaluation with a callback system: callbacks receive the intermediates a model recorded."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Block(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h):
        h = nn.relu(nn.Dense(self.width)(h))
        self.sow("intermediates", "act_norm", jnp.linalg.norm(h))
        return h


RematBlock = nn.remat(Block)


class RecurrentEncoder(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, seq):
        block = RematBlock(self.width)
        block(jnp.zeros((self.width,)))  # create params outside the loop

        def body(h, x):
            h = block(h + x)
            return h, None

        h, _ = jax.lax.scan(body, jnp.zeros((self.width,)), seq)
        return h


class Callback:
    def on_eval_end(self, logs): ...


class ActivationLogger(Callback):
    def __init__(self):
        self.history = []

    def on_eval_end(self, logs):
        norms = jax.tree.leaves(logs["intermediates"])
        self.history.append(float(jnp.mean(jnp.stack(norms))))


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def fire(self, event, logs):
        for cb in self.callbacks:
            getattr(cb, event)(logs)


def main():
    model = RecurrentEncoder()
    seq = jax.random.normal(jax.random.key(0), (5, 8))
    params = model.init(jax.random.key(1), seq)["params"]
    out, state = model.apply({"params": params}, seq, mutable=["intermediates"])
    CallbackList([ActivationLogger()]).fire("on_eval_end", {"out": out, **state})
    return None
