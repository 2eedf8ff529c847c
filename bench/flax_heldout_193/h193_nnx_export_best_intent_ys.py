# label: ok
# flax-error: none
# class: 4 ExportPipeline.finetune returns each step's state as a scan output; the tracker picks the best step and merges it with nnx.merge after the loop, then the exporter traces it
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

    def observe_all(self, graphdef, states, losses):
        best = jnp.argmin(losses)
        model, _ = nnx.merge(graphdef, jax.tree.map(lambda leaf: leaf[best], states))
        self.best_loss, self.best_model = losses[best], model


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
            return state, (state, loss)

        self.state, (states, losses) = jax.lax.scan(step, self.state, (xs, ys))
        self.tracker.observe_all(self.graphdef, states, losses)
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
