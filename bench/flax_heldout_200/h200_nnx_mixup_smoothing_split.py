# label: ok
# flax-error: none
# class: 3 augmenter.rngs.mixup() is drawn once before the scan and split into one key per step, passed as xs
"""Mixup with label smoothing for a bird-song species classifier; the epoch runs as one lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class SongClassifier(nnx.Module):
    def __init__(self, features: int, species: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 32, rngs=rngs)
        self.head = nnx.Linear(32, species, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.body(x)))


class MixupAugmenter:
    def __init__(self, num_classes: int, alpha: float, smoothing: float, seed: int):
        self.num_classes = num_classes
        self.alpha = alpha
        self.smoothing = smoothing
        self.rngs = nnx.Rngs(mixup=seed)

    def mix(self, key, x, labels):
        k_lam, k_perm = jax.random.split(key)
        lam = jax.random.beta(k_lam, self.alpha, self.alpha)
        perm = jax.random.permutation(k_perm, x.shape[0])
        soft = optax.smooth_labels(jax.nn.one_hot(labels, self.num_classes), self.smoothing)
        return lam * x + (1 - lam) * x[perm], lam * soft + (1 - lam) * soft[perm], lam


def soft_cross_entropy(model, x, targets):
    return optax.softmax_cross_entropy(model(x), targets).mean()


def train_epoch(model, augmenter, batches, labels, lr=0.05):
    graphdef, state = nnx.split(model)

    def step(state, batch):
        x, y, key = batch
        net = nnx.merge(graphdef, state)
        mixed_x, mixed_y, lam = augmenter.mix(key, x, y)
        loss, grads = nnx.value_and_grad(soft_cross_entropy)(net, mixed_x, mixed_y)
        params = nnx.state(net, nnx.Param)
        nnx.update(net, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return nnx.state(net), {"lam": lam, "loss": loss}

    keys = jax.random.split(augmenter.rngs.mixup(), batches.shape[0])
    state, logs = scan(step, state, (batches, labels, keys))
    nnx.update(model, state)
    return logs


def main():
    batches = jax.random.normal(jax.random.key(1), (6, 8, 20))
    labels = jax.random.randint(jax.random.key(2), (6, 8), 0, 5)
    model = SongClassifier(20, 5, nnx.Rngs(0))
    augmenter = MixupAugmenter(num_classes=5, alpha=0.4, smoothing=0.1, seed=3)
    logs = train_epoch(model, augmenter, batches, labels)
    return logs["lam"]
