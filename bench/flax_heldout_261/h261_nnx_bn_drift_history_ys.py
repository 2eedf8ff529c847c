# label: ok
# flax-error: none
# class: 4 Warmup.fit -> self._run_epoch -> the scan body merges the NNX model from the carried state; its BatchStat state leaves as the scan's ys and goes to self.history after the loop
import flax.nnx as nnx
import jax
import jax.numpy as jnp


class Encoder(nnx.Module):
    def __init__(self, din: int, hidden: int, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(hidden, din, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.bn(self.fc(x)))))


class Warmup:
    """Runs the encoder in training mode over unlabelled batches to settle its BatchNorm statistics."""

    def __init__(self, model: Encoder):
        self.model = model
        self.history = []

    def _run_epoch(self, batches):
        graphdef, state = nnx.split(self.model)

        def step(state, x):
            model = nnx.merge(graphdef, state)
            recon = model(x)
            return nnx.state(model), (jnp.mean((recon - x) ** 2), nnx.state(model, nnx.BatchStat))

        state, (losses, stats) = jax.lax.scan(step, state, batches)
        nnx.update(self.model, state)
        self.history.append(stats)
        return losses

    def fit(self, batches):
        losses = self._run_epoch(batches)
        stacked = self.history[-1]
        drift = jax.tree.map(lambda s: jnp.abs(jnp.diff(s, axis=0)).max(), stacked)
        return losses, drift


def main():
    model = Encoder(6, 16, rngs=nnx.Rngs(0, dropout=1))
    batches = jax.random.normal(jax.random.key(2), (4, 8, 6))
    losses, drift = Warmup(model).fit(batches)
    jax.block_until_ready((losses, drift))
    return None
