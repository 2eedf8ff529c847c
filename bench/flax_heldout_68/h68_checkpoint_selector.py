# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the evaluator's scan body hands the mutated variables to a CheckpointSelector that keeps them on self; the final model is built from them after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(24)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(4)(nn.relu(x))


class CheckpointSelector:
    """Keeps the most recent variables so the caller can export them."""

    def __init__(self):
        self.latest = None
        self.num_seen = 0

    def observe(self, variables):
        self.latest = variables
        self.num_seen += 1


class Evaluator:
    def __init__(self, model, selector):
        self.model = model
        self.selector = selector

    def recalibrate_and_score(self, variables, batches, labels):
        def body(carry, batch):
            x, y = batch
            logits, updates = self.model.apply(carry, x, train=True, mutable=["batch_stats"])
            new_vars = {"params": carry["params"], "batch_stats": updates["batch_stats"]}
            self.selector.observe(new_vars)
            acc = jnp.mean(jnp.argmax(logits, -1) == y)
            return new_vars, acc

        _, accs = lax.scan(body, variables, (batches, labels))
        return accs


def main():
    model = Classifier()
    batches = jax.random.normal(jax.random.PRNGKey(0), (5, 16, 6))
    labels = jax.random.randint(jax.random.PRNGKey(1), (5, 16), 0, 4)
    variables = model.init(jax.random.PRNGKey(2), batches[0])
    selector = CheckpointSelector()
    Evaluator(model, selector).recalibrate_and_score(variables, batches, labels)
    model.apply(selector.latest, batches[0])
    return None
