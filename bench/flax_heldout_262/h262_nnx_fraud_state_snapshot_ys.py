# label: ok
# flax-error: none
# class: 4 AdaptiveScoringService.adapt merges self.model's carried state in the scan body; the BatchStat state leaves as the scan's ys and goes to self.monitor.record_many after the loop
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

    def record_many(self, stacked_stats):
        n_steps = jax.tree.leaves(stacked_stats)[0].shape[0]
        for t in range(n_steps):
            self.snapshots.append(jax.tree.map(lambda leaf: leaf[t], stacked_stats))

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
            return nnx.state(model), (scores.mean(), nnx.state(model, nnx.BatchStat))

        state, (mean_scores, stats) = lax.scan(step, state, batches)
        nnx.update(self.model, state)
        self.monitor.record_many(stats)
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
