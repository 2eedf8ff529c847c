# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the lax.fori_loop body reads and writes the batch_stats collection through a Python dict closed over from the enclosing function
"""TENT-style test-time adaptation of BatchNorm statistics on a stream of sensor batches
(continual / online learning under distribution shift)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


def adapt_on_stream(model, variables, stream):
    params = variables["params"]
    state = {"batch_stats": variables["batch_stats"]}

    def body(i, confident):
        logits, updates = model.apply({"params": params, "batch_stats": state["batch_stats"]},
                                      stream[i], train=True, mutable=["batch_stats"])
        state["batch_stats"] = updates["batch_stats"]
        return confident + jnp.mean(jax.nn.softmax(logits).max(-1))

    confident = jax.lax.fori_loop(0, stream.shape[0], body, 0.0)
    return {"params": params, **state}, confident / stream.shape[0]


def main():
    stream = jax.random.normal(jax.random.key(0), (10, 16, 12)) * 2.0 + 1.0  # shifted inputs
    model = Classifier()
    variables = model.init(jax.random.key(1), stream[0], train=False)
    adapted, _ = adapt_on_stream(model, variables, stream)
    preds = model.apply(adapted, stream[-1], train=False).argmax(-1)
    jax.block_until_ready(preds)
    return None
