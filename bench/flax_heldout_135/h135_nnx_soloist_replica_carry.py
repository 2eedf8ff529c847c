# label: ok
# flax-error: none
# class: 4 each Session in the pool that SoloistService holds hands out nnx.clone(self.model) from replica(); the replica is nnx.split once before the scan, its state (with the dropout RngState) is the carry, merged in the body and returned as nnx.state
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
        graphdef, state = nnx.split(self.pool.acquire(part).replica())

        def body(carry, _):
            total, state = carry
            replica = nnx.merge(graphdef, state)
            p = replica(features)
            return (total + p, nnx.state(replica)), p

        init = (jnp.zeros(features.shape[0]), state)
        _, samples = jax.lax.scan(body, init, None, length=n_samples)
        return samples


def main():
    features = jnp.linspace(-1.0, 1.0, 3 * 6).reshape(3, 6)  # 3 sopranos, 6 features
    pool = SessionPool({part: Session(ReadinessModel(6, nnx.Rngs(params=i, dropout=10 + i)))
                        for i, part in enumerate(["soprano", "alto", "tenor", "bass"])})
    return SoloistService(pool).readiness_samples("soprano", features, n_samples=6)
