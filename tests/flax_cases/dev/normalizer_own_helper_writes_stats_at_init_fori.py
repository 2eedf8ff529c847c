# label: ok
# flax-error: none
# class: 3 the submodule's __call__ runs its own helper _track(), which updates the 'stats' collection only while the module initializes; the fori body reaches it through the outer module's helper
import jax
import jax.numpy as jnp
import flax.linen as nn


class RunningNormalizer(nn.Module):
    momentum: float = 0.9

    def setup(self):
        self.mean = self.variable("stats", "mean", jnp.zeros, (4,))

    def _track(self, x):
        if self.is_initializing():
            self.mean.value = self.momentum * self.mean.value + (1 - self.momentum) * x.mean(axis=0)

    def __call__(self, x):
        self._track(x)
        return x - self.mean.value


class Refiner(nn.Module):
    def setup(self):
        self.norm = RunningNormalizer()
        self.proj = nn.Dense(4)

    def _refine(self, h):
        return jnp.tanh(self.proj(self.norm(h)))

    def __call__(self, h):
        return self._refine(h)

    def iterate(self, h, rounds: int):
        return jax.lax.fori_loop(0, rounds, lambda i, h: self._refine(h), h)


def main():
    model = Refiner()
    h = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), h)
    model.apply(variables, h, 3, method=Refiner.iterate)
    return None
