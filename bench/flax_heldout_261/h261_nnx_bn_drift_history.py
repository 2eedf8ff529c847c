# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Warmup.fit -> self._run_epoch -> the scan body merges the NNX model from the carried state and appends its BatchStat state to self.history
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
            self.history.append(nnx.state(model, nnx.BatchStat))
            return nnx.state(model), jnp.mean((recon - x) ** 2)

        state, losses = jax.lax.scan(step, state, batches)
        nnx.update(self.model, state)
        return losses

    def fit(self, batches):
        losses = self._run_epoch(batches)
        stacked = jax.tree.map(lambda *xs: jnp.stack(xs), *self.history)
        drift = jax.tree.map(lambda s: jnp.abs(jnp.diff(s, axis=0)).max(), stacked)
        return losses, drift


def main():
    model = Encoder(6, 16, rngs=nnx.Rngs(0, dropout=1))
    batches = jax.random.normal(jax.random.key(2), (4, 8, 6))
    losses, drift = Warmup(model).fit(batches)
    jax.block_until_ready((losses, drift))
    return None
