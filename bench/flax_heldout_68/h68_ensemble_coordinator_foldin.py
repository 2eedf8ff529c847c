# label: ok
# flax-error: none
# class: 2 the coordinator stores one dropout key on self and folds the scan step into it before each member's apply
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class Member(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


class EnsembleCoordinator:
    def __init__(self, n_members, key, sample_input):
        self.model = Member()
        init_keys = jax.random.split(key, n_members + 1)
        self.key = init_keys[0]
        self.members = [self.model.init(k, sample_input) for k in init_keys[1:]]

    def _predict_all(self, x, dropout_key):
        return jnp.stack(
            [self.model.apply(v, x, train=True, rngs={"dropout": dropout_key}) for v in self.members]
        )

    def mc_samples(self, x, n_samples):
        def body(carry, step):
            preds = self._predict_all(x, jax.random.fold_in(self.key, step))
            return carry, preds

        _, samples = scan(body, None, jnp.arange(n_samples))
        return samples


def main():
    x = jnp.ones((4, 3))
    coord = EnsembleCoordinator(3, jax.random.PRNGKey(0), x)
    return coord.mc_samples(x, 5)
