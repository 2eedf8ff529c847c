# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the Learner keeps batch_stats as an attribute; the fori_loop body stores the mutated collection in self.batch_stats
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax import lax


class DenseBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class FewShotNet(nn.Module):
    n_way: int = 3
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = DenseBlock(self.hidden)(x, train)
        x = DenseBlock(self.hidden)(x, train)
        return nn.Dense(self.n_way)(x)


def sample_task(key, n_way=3, shots=4, dim=8):
    kc, kx = jax.random.split(key)
    centers = jax.random.normal(kc, (n_way, dim)) * 2.0
    labels = jnp.repeat(jnp.arange(n_way), shots)
    x = centers[labels] + 0.3 * jax.random.normal(kx, (n_way * shots, dim))
    return x, labels


@dataclasses.dataclass
class Learner:
    model: nn.Module
    params: Any
    batch_stats: Any
    inner_lr: float = 0.1
    inner_steps: int = 5

    def support_loss(self, params, batch_stats, x, y):
        logits, mutated = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, mutated["batch_stats"]

    def adapt(self, x, y):
        grad_fn = jax.grad(self.support_loss, has_aux=True)

        def inner_step(step, params):
            grads, new_stats = grad_fn(params, self.batch_stats, x, y)
            self.batch_stats = new_stats
            return jax.tree.map(lambda p, g: p - self.inner_lr * g, params, grads)

        return lax.fori_loop(0, self.inner_steps, inner_step, self.params)

    def query_accuracy(self, params, x, y):
        logits = self.model.apply({"params": params, "batch_stats": self.batch_stats}, x, train=False)
        return jnp.mean(jnp.argmax(logits, -1) == y)


def main():
    model = FewShotNet()
    x, y = sample_task(jax.random.key(0))
    variables = model.init(jax.random.key(1), x, train=False)
    learner = Learner(model, variables["params"], variables["batch_stats"])
    fast_params = learner.adapt(x, y)
    qx, qy = sample_task(jax.random.key(2))
    acc = learner.query_accuracy(fast_params, qx, qy)
    jax.block_until_ready(acc)
    return None
