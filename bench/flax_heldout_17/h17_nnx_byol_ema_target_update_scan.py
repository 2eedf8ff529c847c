# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an ema_update helper called from the scan body of train_epoch writes the target network's Params with nnx.update
"""BYOL-style training: an online encoder trained by SGD and an EMA target network."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class BYOLConfig:
    in_dim: int = 8
    hidden: int = 32
    proj: int = 16
    lr: float = 0.05
    ema_decay: float = 0.99


class Encoder(nnx.Module):
    def __init__(self, cfg: BYOLConfig, *, rngs: nnx.Rngs):
        self.backbone = nnx.Sequential(nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs), nnx.relu,
                                       nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs))
        self.projector = nnx.Linear(cfg.hidden, cfg.proj, rngs=rngs)

    def __call__(self, x):
        return self.projector(nnx.relu(self.backbone(x)))


def normalized_mse(p, z):
    p = p / jnp.linalg.norm(p, axis=-1, keepdims=True)
    z = z / jnp.linalg.norm(z, axis=-1, keepdims=True)
    return jnp.mean(jnp.sum((p - z) ** 2, -1))


def ema_update(target, online, decay):
    t = nnx.state(target, nnx.Param)
    o = nnx.state(online, nnx.Param)
    nnx.update(target, jax.tree.map(lambda a, b: decay * a + (1.0 - decay) * b, t, o))


def augment(key, x):
    return x + 0.1 * jax.random.normal(key, x.shape)


def train_epoch(online, target, batches, key, cfg):
    graphdef, params = nnx.split(online)

    def loss_fn(params, x, k):
        k1, k2 = jax.random.split(k)
        model = nnx.merge(graphdef, params)
        return normalized_mse(model(augment(k1, x)), jax.lax.stop_gradient(target(augment(k2, x))))

    def body(params, inputs):
        x, k = inputs
        loss, grads = jax.value_and_grad(loss_fn)(params, x, k)
        params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
        ema_update(target, nnx.merge(graphdef, params), cfg.ema_decay)
        return params, loss

    keys = jax.random.split(key, batches.shape[0])
    params, losses = jax.lax.scan(body, params, (batches, keys))
    nnx.update(online, params)
    return losses


def main():
    cfg = BYOLConfig()
    online = Encoder(cfg, rngs=nnx.Rngs(0))
    target = nnx.clone(online)
    batches = jax.random.normal(jax.random.key(1), (5, 16, cfg.in_dim))
    print(train_epoch(online, target, batches, jax.random.key(2), cfg))
    return None
