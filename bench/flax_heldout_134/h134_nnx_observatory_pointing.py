# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 PointingTrainer notifies its observers with the model merged inside the fori_loop body; the WeightWatcher observer keeps nnx.state(model, nnx.Param) and reports on it after the loop
"""Observatory pointing-model fit: refines the telescope's pointing corrections from
star-calibration shots; observers watch the fit as it runs."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class PointingModel(nnx.Module):
    def __init__(self, rngs):
        self.terms = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, altaz):
        feats = jnp.concatenate([jnp.sin(altaz), jnp.cos(altaz)], axis=-1)
        return self.terms(feats)


class WeightWatcher:
    def __init__(self):
        self.last = None

    def on_step(self, step, model, loss):
        self.last = nnx.state(model, nnx.Param)

    def report(self):
        return {path: jnp.linalg.norm(leaf) for path, leaf in jax.tree_util.tree_leaves_with_path(self.last)}


class PointingTrainer:
    def __init__(self, model, lr, observers):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)
        self.observers = observers

    def _notify(self, step, model, loss):
        for observer in self.observers:
            observer.on_step(step, model, loss)

    def fit(self, altaz, offsets, n_steps):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(step, state):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(altaz) - offsets) ** 2))(model)
            optimizer.update(model, grads)
            self._notify(step, model, loss)
            return nnx.state((model, optimizer))

        state = jax.lax.fori_loop(0, n_steps, body, state)
        nnx.update((self.model, self.optimizer), state)


def main():
    altaz = jax.random.uniform(jax.random.key(0), (32, 2), maxval=1.5)
    offsets = 0.01 * jnp.stack([jnp.sin(altaz[:, 0]), jnp.cos(altaz[:, 1])], axis=-1)
    watcher = WeightWatcher()
    trainer = PointingTrainer(PointingModel(nnx.Rngs(0)), lr=0.1, observers=[watcher])
    trainer.fit(altaz, offsets, n_steps=5)
    watcher.report()
    return None
