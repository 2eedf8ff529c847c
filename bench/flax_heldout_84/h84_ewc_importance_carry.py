# label: ok
# flax-error: none
# class: 2 module method passed to apply(method=...) carries the importance through the fori_loop and writes the variable once afterwards
"""Continual learning regulariser: memory-aware-synapses importance of the encoder's units."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Learner(nn.Module):
    width: int = 24
    n_classes: int = 5

    def setup(self):
        self.encoder = nn.Dense(self.width)
        self.head = nn.Dense(self.n_classes)
        self.importance = self.variable('importance', 'units', jnp.zeros, (self.width,))

    def __call__(self, x):
        return self.head(nn.relu(self.encoder(x)))

    def accumulate_importance(self, replay):
        def body(i, carry):
            imp, acc = carry
            h = nn.relu(self.encoder(replay[i]))
            return imp + jnp.abs(h) / replay.shape[0], acc + jnp.sum(h)

        imp, total = lax.fori_loop(0, replay.shape[0], body, (self.importance.value, 0.0))
        self.importance.value = imp
        return total


def main():
    replay = jax.random.normal(jax.random.PRNGKey(2), (10, 6))
    model = Learner()
    variables = model.init(jax.random.PRNGKey(0), replay[0])
    total, updated = model.apply(variables, replay, method=Learner.accumulate_importance,
                                 mutable=['importance'])
    penalty = jnp.sum(updated['importance']['units'] * jnp.square(variables['params']['encoder']['kernel']).sum(0))
    print(float(total), float(penalty))
    return None
