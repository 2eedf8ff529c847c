# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Trainer.callbacks[i].probe (model.bind(..., mutable=["intermediates"])) is called by the hook inside the scan body
"""Fish ladder passage counter: a small regressor counts fish from sonar echo features; the
trainer runs its epoch in a scan and lets callbacks look at every step."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class EchoCounter(nn.Module):
    @nn.compact
    def __call__(self, echoes):
        h = nn.gelu(nn.Dense(12, name="embed")(echoes))
        self.sow("intermediates", "embed_norm", jnp.linalg.norm(h, axis=-1).mean())
        return nn.Dense(1, name="count")(h)[..., 0]


class Callback:
    def on_step(self, params, batch):
        return None

    def report(self):
        return {}


class ActivationProbe(Callback):
    """Re-runs the model on the step's batch and keeps what it sowed."""

    def __init__(self, model, variables):
        self.probe = model.bind(variables, mutable=["intermediates"])

    def on_step(self, params, batch):
        self.probe(batch[0])

    def report(self):
        norms = self.probe.variables["intermediates"]["embed_norm"]
        return {"embed_norm": jnp.stack(norms).mean()}


class Trainer:
    def __init__(self, model, params, callbacks, lr=1e-2):
        self.model, self.params, self.callbacks, self.lr = model, params, callbacks, lr

    def _loss(self, params, batch):
        echoes, counts = batch
        pred = self.model.apply({"params": params}, echoes)
        return jnp.mean((pred - counts) ** 2)

    def fit_epoch(self, batches):
        def step(params, batch):
            loss, grads = jax.value_and_grad(self._loss)(params, batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            for cb in self.callbacks:
                cb.on_step(params, batch)
            return params, loss

        self.params, losses = lax.scan(step, self.params, batches)
        return losses


def main():
    model = EchoCounter()
    echoes = jax.random.normal(jax.random.key(0), (5, 8, 6))
    counts = jnp.abs(echoes.sum(-1))
    variables = model.init(jax.random.key(1), echoes[0])
    probe = ActivationProbe(model, {"params": variables["params"]})
    trainer = Trainer(model, variables["params"], [Callback(), probe])
    losses = trainer.fit_epoch((echoes, counts))
    summary = {k: float(v) for cb in trainer.callbacks for k, v in cb.report().items()}
    print(losses, summary)
    return None
