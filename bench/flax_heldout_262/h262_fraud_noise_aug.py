# label: same-values
# flax-error: none
# class: 1 PrivacyAugmenter.noisy_scores owns the 'augment' rng stream and runs lax.scan, calling self.make_rng inside the body
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PrivacyAugmenter(nn.Module):
    width: int = 8
    sigma: float = 0.3

    def setup(self):
        self.hidden = nn.Dense(self.width)
        self.out = nn.Dense(1)

    def __call__(self, features):
        return nn.sigmoid(self.out(nn.relu(self.hidden(features))))[..., 0]

    def noisy_scores(self, features, n_draws):
        repeated = jnp.broadcast_to(features, (n_draws,) + features.shape)

        def draw(_, x):
            noise = self.sigma * jax.random.normal(self.make_rng("augment"), x.shape)
            return None, self(x + noise)

        _, scores = lax.scan(draw, None, repeated)
        return scores


class MerchantFeatureStore:
    def __init__(self):
        self.risk_by_mcc = {5411: 0.05, 5999: 0.4, 7995: 0.9}

    def features(self, amount, mcc, hour):
        return jnp.array([jnp.log1p(amount), self.risk_by_mcc.get(mcc, 0.2), hour / 24.0])


def main():
    store = MerchantFeatureStore()
    batch = jnp.stack([store.features(42.0, 5411, 13), store.features(1800.0, 7995, 3)])
    model = PrivacyAugmenter()
    params = model.init(jax.random.key(0), batch)
    scores = model.apply(
        params, batch, 6, method=PrivacyAugmenter.noisy_scores, rngs={"augment": jax.random.key(21)}
    )
    return scores
