# label: ok
# flax-error: none
# class: 3 online and target Param states are both carried through the scan of train_epoch; an ema helper mixes them and the target is merged read-only in the loss
"""BYOL-style training where online and EMA target parameters are scan carries."""
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


def ema(target_params, online_params, decay):
    return jax.tree.map(lambda a, b: decay * a + (1.0 - decay) * b, target_params, online_params)


def augment(key, x):
    return x + 0.1 * jax.random.normal(key, x.shape)


def train_epoch(online, target, batches, key, cfg):
    graphdef, params = nnx.split(online)
    target_params = nnx.state(target)

    def loss_fn(params, target_params, x, k):
        k1, k2 = jax.random.split(k)
        pred = nnx.merge(graphdef, params)(augment(k1, x))
        tgt = nnx.merge(graphdef, target_params)(augment(k2, x))
        return normalized_mse(pred, jax.lax.stop_gradient(tgt))

    def body(carry, inputs):
        params, target_params = carry
        x, k = inputs
        loss, grads = jax.value_and_grad(loss_fn)(params, target_params, x, k)
        params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
        return (params, ema(target_params, params, cfg.ema_decay)), loss

    keys = jax.random.split(key, batches.shape[0])
    (params, target_params), losses = jax.lax.scan(body, (params, target_params), (batches, keys))
    nnx.update(online, params)
    nnx.update(target, target_params)
    return losses


def main():
    cfg = BYOLConfig()
    online = Encoder(cfg, rngs=nnx.Rngs(0))
    target = nnx.clone(online)
    batches = jax.random.normal(jax.random.key(1), (5, 16, cfg.in_dim))
    print(train_epoch(online, target, batches, jax.random.key(2), cfg))
    return None
