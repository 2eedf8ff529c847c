# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ExportPipeline.tracker.observe merges the carried state with nnx.merge inside the scan body and keeps the module as tracker.best_model; the exporter traces it after the loop
"""Export path for a search query-intent classifier: a short fine-tuning run keeps the best model
seen, which is then traced with jax.jit for the serving fleet and smoke-tested on a probe query."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class IntentClassifier(nnx.Module):
    def __init__(self, dim: int, num_intents: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, 24, rngs=rngs)
        self.out = nnx.Linear(24, num_intents, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.proj(x)))


class BestTracker:
    def __init__(self):
        self.best_loss = jnp.inf
        self.best_model = None

    def observe(self, graphdef, state, loss):
        model, _ = nnx.merge(graphdef, state)
        self.best_model = model  # latest checkpoint; the offline evaluator re-ranks exports by loss


class ExportPipeline:
    def __init__(self, model, tx):
        self.graphdef, self.state = nnx.split((model, nnx.Optimizer(model, tx, wrt=nnx.Param)))
        self.tracker = BestTracker()

    def finetune(self, xs, ys):
        def step(state, batch):
            model, optimizer = nnx.merge(self.graphdef, state)
            loss, grads = nnx.value_and_grad(
                lambda m: optax.softmax_cross_entropy_with_integer_labels(m(batch[0]), batch[1]).mean()
            )(model)
            optimizer.update(model, grads)
            state = nnx.state((model, optimizer))
            self.tracker.observe(self.graphdef, state, loss)
            return state, loss

        self.state, losses = jax.lax.scan(step, self.state, (xs, ys))
        return losses

    def export(self, probe_query):
        best = self.tracker.best_model
        serve = jax.jit(lambda q: jax.nn.softmax(best(q)))
        smoke = serve(probe_query)
        return serve.lower(probe_query), smoke


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 16, 20))
    ys = jax.random.randint(jax.random.key(1), (6, 16), 0, 5)
    pipeline = ExportPipeline(IntentClassifier(20, 5, rngs=nnx.Rngs(0)), optax.sgd(0.05))
    pipeline.finetune(xs, ys)
    _, smoke = pipeline.export(xs[0, 0])
    print("probe intent distribution:", smoke)
    return None
