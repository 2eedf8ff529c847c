# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 Tent.adapt's scan body calls self._entropy_step, which hands self.model and self.optimizer to nnx.value_and_grad and optimizer.update
"""TENT: fully test-time adaptation by entropy minimisation on unlabelled test batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, din: int, num_classes: int, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, num_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.bn(self.fc(x))))


def prediction_entropy(logits):
    log_p = jax.nn.log_softmax(logits, axis=-1)
    return -(jnp.exp(log_p) * log_p).sum(-1).mean()


class Tent:
    def __init__(self, model: Classifier, lr: float = 1e-2):
        self.model = model
        self.model.train()
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr, momentum=0.9), wrt=nnx.Param)

    def _entropy_step(self, batch):
        def loss_fn(model):
            return prediction_entropy(model(batch))

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
        return loss

    def adapt(self, stream):
        def body(_, batch):
            return None, self._entropy_step(batch)

        _, losses = jax.lax.scan(body, None, stream)
        return losses

    def predict(self, x):
        self.model.eval()
        return self.model(x).argmax(-1)


def main():
    model = Classifier(6, 4, rngs=nnx.Rngs(0))
    stream = 0.5 + 1.5 * jax.random.normal(jax.random.key(2), (5, 8, 6))
    tent = Tent(model)
    losses = tent.adapt(stream)
    preds = tent.predict(stream[-1])
    jax.block_until_ready((losses, preds))
    return None
