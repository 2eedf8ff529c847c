# label: same-values
# flax-error: none
# class: 4 each Session in the pool that SoloistService holds hands out nnx.clone(self.model) from replica(); the scan body calls service.pool.acquire(part).replica() on every step, so each step starts from the same dropout RngState
"""Choir scheduling: an MC-dropout model estimates which soloist of a voice part is
ready for each solo in the concert programme; the service keeps one session per part."""
import jax
import jax.numpy as jnp
from flax import nnx


class ReadinessModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 12, rngs=rngs)
        self.dropout = nnx.Dropout(0.4, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, features):
        return nnx.sigmoid(self.out(self.dropout(nnx.relu(self.hidden(features)))))[:, 0]


class Session:
    def __init__(self, model):
        self.model = model

    def replica(self):
        """A private copy so concurrent requests never mutate the pooled model."""
        return nnx.clone(self.model)


class SessionPool:
    def __init__(self, sessions):
        self._sessions = dict(sessions)

    def acquire(self, part):
        return self._sessions[part]


class SoloistService:
    def __init__(self, pool):
        self.pool = pool

    def readiness_samples(self, part, features, n_samples):
        def body(carry, _):
            p = self.pool.acquire(part).replica()(features)
            return carry + p, p

        _, samples = jax.lax.scan(body, jnp.zeros(features.shape[0]), None, length=n_samples)
        return samples


def main():
    features = jnp.linspace(-1.0, 1.0, 3 * 6).reshape(3, 6)  # 3 sopranos, 6 features
    pool = SessionPool({part: Session(ReadinessModel(6, nnx.Rngs(params=i, dropout=10 + i)))
                        for i, part in enumerate(["soprano", "alto", "tenor", "bass"])})
    return SoloistService(pool).readiness_samples("soprano", features, n_samples=6)
