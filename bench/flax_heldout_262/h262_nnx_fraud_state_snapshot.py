# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 AdaptiveScoringService.adapt merges self.model's carried state in the scan body and passes its BatchStat state to self.monitor.record, which keeps it in a list
import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx


class SessionEncoder(nnx.Module):
    def __init__(self, n_features, width, *, rngs):
        self.proj = nnx.Linear(n_features, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, momentum=0.8, rngs=rngs)
        self.head = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.proj(x)))))[..., 0]


class DriftMonitor:
    def __init__(self):
        self.snapshots = []

    def record(self, batch_stats):
        self.snapshots.append(batch_stats)

    def drift(self):
        flat = [jnp.concatenate([leaf.ravel() for leaf in jax.tree.leaves(s)]) for s in self.snapshots]
        return jnp.abs(flat[-1] - flat[0]).max()


class FeaturePipeline:
    def __init__(self, mean, std):
        self.mean = mean
        self.std = std

    def __call__(self, raw):
        return (raw - self.mean) / self.std


class AdaptiveScoringService:
    def __init__(self, model, pipeline, monitor):
        self.model = model
        self.pipeline = pipeline
        self.monitor = monitor

    def adapt(self, raw_batches):
        batches = self.pipeline(raw_batches)
        graphdef, state = nnx.split(self.model)

        def step(state, batch):
            model = nnx.merge(graphdef, state)
            scores = model(batch)
            self.monitor.record(nnx.state(model, nnx.BatchStat))
            return nnx.state(model), scores.mean()

        state, mean_scores = lax.scan(step, state, batches)
        nnx.update(self.model, state)
        return mean_scores


def main():
    raw = 100.0 + 20.0 * jax.random.normal(jax.random.key(2), (4, 8, 5))
    service = AdaptiveScoringService(
        SessionEncoder(5, 8, rngs=nnx.Rngs(0)),
        FeaturePipeline(mean=jnp.full((5,), 100.0), std=jnp.full((5,), 20.0)),
        DriftMonitor(),
    )
    mean_scores = service.adapt(raw)
    drift = service.monitor.drift()
    jax.block_until_ready((mean_scores, drift))
    return None
