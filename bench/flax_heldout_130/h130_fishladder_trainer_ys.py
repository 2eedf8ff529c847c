# label: ok
# flax-error: none
# class: 4 Trainer.callbacks[i] applies the model with mutable=["intermediates"] and returns what it sowed as scan ys
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

    def report(self, outputs):
        return {}


class ActivationProbe(Callback):
    """Re-runs the model on the step's batch and hands back what it sowed."""

    def __init__(self, model):
        self.model = model

    def on_step(self, params, batch):
        _, state = self.model.apply({"params": params}, batch[0], mutable=["intermediates"])
        return state["intermediates"]["embed_norm"][0]

    def report(self, outputs):
        return {"embed_norm": jnp.mean(outputs)}


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
            outputs = [cb.on_step(params, batch) for cb in self.callbacks]
            return params, (loss, outputs)

        self.params, (losses, outputs) = lax.scan(step, self.params, batches)
        return losses, outputs


def main():
    model = EchoCounter()
    echoes = jax.random.normal(jax.random.key(0), (5, 8, 6))
    counts = jnp.abs(echoes.sum(-1))
    variables = model.init(jax.random.key(1), echoes[0])
    probe = ActivationProbe(model)
    trainer = Trainer(model, variables["params"], [Callback(), probe])
    losses, outputs = trainer.fit_epoch((echoes, counts))
    summary = {k: float(v) for cb, out in zip(trainer.callbacks, outputs)
               for k, v in cb.report(out).items()}
    print(losses, summary)
    return None
