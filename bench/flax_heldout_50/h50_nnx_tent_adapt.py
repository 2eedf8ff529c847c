# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a helper merges the split sequence model inside the scan body, adapts it, and keeps the merged model in an outer dict used after the loop
"""TENT-style test-time adaptation of an NNX sequence classifier: entropy minimisation on LayerNorm params per test chunk."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SeqClassifier(nnx.Module):
    def __init__(self, din, hidden, n_classes, rngs: nnx.Rngs):
        self.embed = nnx.Linear(din, hidden, rngs=rngs)
        self.norm = nnx.LayerNorm(hidden, rngs=rngs)
        self.mix = nnx.Conv(hidden, hidden, (3,), rngs=rngs)
        self.head = nnx.Linear(hidden, n_classes, rngs=rngs)

    def __call__(self, x):
        h = self.norm(nnx.gelu(self.embed(x)))
        h = h + nnx.gelu(self.mix(h))
        return self.head(h.mean(1))


def entropy(logits):
    p = jax.nn.softmax(logits)
    return -(p * jax.nn.log_softmax(logits)).sum(-1).mean()


def adapt_stream(model, chunks, lr=1e-3):
    graphdef, norm_params, rest = nnx.split(model, lambda path, _: "norm" in path, ...)
    tx = optax.sgd(lr)
    last = {}

    def adapt_chunk(carry, x):
        norm_params, opt_state = carry
        loss_fn = lambda p: entropy(nnx.merge(graphdef, p, rest)(x))
        loss, grads = jax.value_and_grad(loss_fn)(norm_params)
        updates, opt_state = tx.update(grads, opt_state)
        norm_params = optax.apply_updates(norm_params, updates)
        last["model"] = nnx.merge(graphdef, norm_params, rest)
        return (norm_params, opt_state), loss

    _, losses = jax.lax.scan(adapt_chunk, (norm_params, tx.init(norm_params)), chunks)
    return last["model"]


def main():
    model = SeqClassifier(6, 32, 4, nnx.Rngs(0))
    chunks = jax.random.normal(jax.random.key(1), (5, 8, 12, 6))
    adapted = adapt_stream(model, chunks)
    adapted(chunks[-1])
    return None
